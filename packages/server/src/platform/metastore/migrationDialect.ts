/** The little a migration needs to know about the store it runs on. */
export interface MigrationDialect {
  /** Column type of an auto-incrementing integer key. */
  serial: 'integer' | 'serial';
}
