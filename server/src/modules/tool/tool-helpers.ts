/** The JDBC form of a postgres:// URL (tests and the e2e seed point a datasource at the server's own database). */
export function jdbcOf(databaseUrl: string): { url: string; username: string; password: string } {
  const u = new URL(databaseUrl);
  return {
    url: `jdbc:postgresql://${u.hostname}:${u.port || '5432'}${u.pathname}`,
    username: decodeURIComponent(u.username) || 'postgres',
    password: decodeURIComponent(u.password),
  };
}
