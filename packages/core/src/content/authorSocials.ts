import type { AuthorSocial, SourceLocation } from '@docgen/types';
import { DocgenError } from '../diagnostics/index.js';

/**
 * The platforms Docusaurus knows in an author's `socials`: a handle (or user id) written for one
 * of them becomes its profile URL; a full URL is kept. Any other platform takes a full URL.
 */
const PLATFORMS: Record<string, { label: string; profileUrl: string }> = {
  x: { label: 'X', profileUrl: 'https://x.com/' },
  twitter: { label: 'Twitter', profileUrl: 'https://twitter.com/' },
  github: { label: 'GitHub', profileUrl: 'https://github.com/' },
  linkedin: { label: 'LinkedIn', profileUrl: 'https://www.linkedin.com/in/' },
  stackoverflow: { label: 'Stack Overflow', profileUrl: 'https://stackoverflow.com/users/' },
  bluesky: { label: 'Bluesky', profileUrl: 'https://bsky.app/profile/' },
  mastodon: { label: 'Mastodon', profileUrl: 'https://mastodon.social/@' },
  threads: { label: 'Threads', profileUrl: 'https://www.threads.net/@' },
  instagram: { label: 'Instagram', profileUrl: 'https://www.instagram.com/' },
  twitch: { label: 'Twitch', profileUrl: 'https://twitch.tv/' },
  youtube: { label: 'YouTube', profileUrl: 'https://youtube.com/@' },
};

/**
 * An author's `socials` (and `email`) as links: `{ github: kim }` is `https://github.com/kim`,
 * `@kim` the same handle; `email` a `mailto:` link. A value that is neither a handle of a known
 * platform nor an http(s) URL is an error at its place.
 */
export function toAuthorSocials(
  socials: unknown,
  email: unknown,
  locate: (key: string) => SourceLocation,
  authorKey: string,
): AuthorSocial[] | undefined {
  const out: AuthorSocial[] = [];
  const entries = socials !== null && typeof socials === 'object' && !Array.isArray(socials) ? Object.entries(socials) : [];
  if (socials !== undefined && socials !== null && entries.length === 0 && (typeof socials !== 'object' || Array.isArray(socials))) {
    throw invalid(locate(''), `The socials of author "${authorKey}" must be a mapping of platform to handle or URL`);
  }
  for (const [platform, raw] of entries) {
    // YAML reads a Stack Overflow user id as a number.
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || value.trim() === '') {
      throw invalid(locate(platform), `The ${platform} social of author "${authorKey}" must be a handle or a URL`);
    }
    const text = value.trim();
    if (platform === 'email') {
      out.push({ platform, label: 'Email', url: text.startsWith('mailto:') ? text : `mailto:${text}` });
      continue;
    }
    const known = PLATFORMS[platform];
    if (/^https?:\/\//i.test(text)) out.push({ platform, label: known?.label ?? platform, url: text });
    else if (known && /^@?[^\s/?#]+$/.test(text))
      out.push({ platform, label: known.label, url: known.profileUrl + text.replace(/^@/, '') });
    else {
      throw invalid(
        locate(platform),
        known
          ? `The ${platform} social of author "${authorKey}" is neither a handle nor a URL: ${JSON.stringify(text)}`
          : `The ${platform} social of author "${authorKey}" must be a full http(s) URL: ${JSON.stringify(text)}`,
      );
    }
  }
  if (typeof email === 'string' && email !== '' && !out.some((social) => social.platform === 'email')) {
    out.push({ platform: 'email', label: 'Email', url: email.startsWith('mailto:') ? email : `mailto:${email}` });
  }
  return out.length > 0 ? out : undefined;
}

function invalid(location: SourceLocation, message: string): DocgenError {
  return new DocgenError(message, {
    code: 'blog-author',
    location,
    hint: `Write a handle for ${Object.keys(PLATFORMS).join(', ')} (github: kim), or a full URL (newsletter: https://example.com/kim); email takes an address.`,
  });
}
