/**
 * Cache prefix of data-scope and API-scope lookups (per role set). Role grants and scope catalogue writes
 * invalidate it; so does oauth/clear-cache (everything).
 */
export const SCOPE_CACHE = 'scope:';
