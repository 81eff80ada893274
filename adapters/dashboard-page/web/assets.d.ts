/** Style sheets imported for esbuild, which writes them to dashboard.css. */
declare module '*.css';
