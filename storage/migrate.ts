// Forward-only SQL migrations: files NNNN_name.sql applied in sorted order, each recorded
// in schema_migrations so a restart applies only the new ones. Several nodes may start
// together on one server: each file's batch begins by recording it, so of two nodes racing
// on one file exactly one batch commits; the other's fails on the primary key, rolls back
// whole, and that node finds the file recorded and moves on.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.ts';

export async function migrate(db: Db, dir: string): Promise<string[]> {
  await db.client.execute(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const done = new Set((await db.readPrimary('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = splitSql(readFileSync(join(dir, file), 'utf8'));
    try {
      await db.batch([
        {
          sql: 'INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)',
          args: [file, new Date().toISOString()],
        },
        ...statements,
      ]);
    } catch (error) {
      const recorded = await db.readPrimary('SELECT 1 FROM schema_migrations WHERE name = ?', [file]);
      if (recorded.length > 0) continue;
      throw error;
    }
    applied.push(file);
  }
  return applied;
}

/** Migration files hold plain statements separated by semicolons at line ends. */
function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
