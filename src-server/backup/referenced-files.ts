import sqlite3 from 'sqlite3'

/**
 * The stored files a database points at, relative to the data folder with `/` separators:
 * `uploads/<user>/<workout>.<ext>`, `maps/<id>.png`, `pictures/<name>`. Read from the database
 * file itself (a backup copy, not necessarily the live database).
 */
export async function referencedFiles(databasePath: string): Promise<string[]> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(databasePath, sqlite3.OPEN_READONLY, (error) => (error ? reject(error) : resolve(opened)))
  })
  try {
    const rows = await new Promise<{ path: string }[]>((resolve, reject) =>
      db.all<{ path: string }>(
        `SELECT 'uploads/' || file_path AS path FROM workout WHERE file_path IS NOT NULL
         UNION ALL SELECT 'maps/' || map_id || '.png' FROM workout WHERE map_id IS NOT NULL
         UNION ALL SELECT 'pictures/' || picture FROM user WHERE picture IS NOT NULL`,
        (error, found) => (error ? reject(error) : resolve(found)),
      ),
    )
    return rows.map((row) => row.path)
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()))
  }
}
