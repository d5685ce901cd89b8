import pg from "pg";

/**
 * A database of the bench's own, created on the PostgreSQL server at `server`: its address, and `drop` to
 * remove it and close the connection. Throws when the server cannot be reached or refuses.
 */
export async function scratchDatabase(server: string, name: string) {
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    throw error;
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}
