export function postgresStatement(connectionString: string, statement: string): Promise<void>;

export function createPostgresDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }>;
