export { startStaticServer, staticMiddleware, SiteFiles, isAllowedHost, parseRequestPath, type StaticServer } from './staticServer.js';
