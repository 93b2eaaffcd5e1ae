import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspection, limited to the cloud's own schema. Its Migrator looks for its
 * two tables among every table of every schema, calling `pg_get_serial_sequence` on each column:
 * in a database that holds other schemas (staging beside production, parallel test runs), one
 * dropped meanwhile fails the migration with "schema … does not exist", and the scan grows with
 * every schema there is. The cloud's migrations only ever need their own schema.
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database, as Kysely's
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}
    `.execute(this.db);
    return rows;
  }

  /** Tables and views of the schema (Kysely's migration tables included: nothing else is here). */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      table_type: string;
      column: string;
      data_type: string;
      type_schema: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`
      select t.table_name as table, t.table_type, c.column_name as column,
             c.udt_name as data_type, c.udt_schema as type_schema, c.is_nullable,
             c.column_default, c.is_identity
        from information_schema.tables t
        join information_schema.columns c
          on c.table_schema = t.table_schema and c.table_name = t.table_name
       where t.table_schema = ${this.schema}
       order by t.table_name, c.ordinal_position
    `.execute(this.db);
    const tables = new Map<
      string,
      TableMetadata & { columns: TableMetadata['columns'][number][] }
    >();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: this.schema,
          isView: row.table_type === 'VIEW',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        dataTypeSchema: row.type_schema,
        isNullable: row.is_nullable === 'YES',
        hasDefaultValue: row.column_default !== null,
        isAutoIncrementing:
          row.is_identity === 'YES' || (row.column_default ?? '').startsWith('nextval('),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgresDialect whose introspection (the Migrator's) sees only `schema`. */
export class SchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as PostgresDialect's
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}
