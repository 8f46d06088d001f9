import { connect, type Socket } from 'node:net';

/** What a server answered to a raw request: the status of its first response and everything it sent. */
export interface RawAnswer {
  /** The status code of the first response; 0 when the server closed the connection without one. */
  status: number;
  text: string;
}

/**
 * Sends `request` exactly as given (request line and headers unchecked, as a hostile client
 * would) to the server at `url`, and resolves once the server closes the connection, or, for a
 * server that keeps it open, `waitMs` after sending.
 */
export function sendRaw(url: string, request: string, waitMs = 1500): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const timer = setTimeout(() => socket.end(), waitMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/**
 * Opens a connection to the server at `url` and sends `partial` (the start of a request, or
 * nothing), then sits idle as a slowloris client does. `answer` resolves with what the server
 * sent once it closes the connection.
 */
export function openIdle(url: string, partial: string): Promise<{ socket: Socket; answer: Promise<RawAnswer> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), hostname);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    const answer = new Promise<RawAnswer>((done) =>
      socket.on('close', () => done({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text })),
    );
    socket.once('connect', () => {
      if (partial) socket.write(partial);
      resolve({ socket, answer });
    });
    socket.once('error', reject);
  });
}
