import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  importBodySchema,
  importReportSchema,
  importUploadQuerySchema,
  PERMISSIONS,
  type ImportReportResponse,
} from '@solstice/contracts';
import type { Settings } from '../../../config/settings.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { needs } from '../../../http/access.js';
import { AppError, validationFailed } from '../../../http/errors.js';
import type { ZodTypeProvider } from '../../../http/route-schemas.js';
import { API_LIMITS, listInImportDirectory, MAX_IMPORT_FILE_BYTES } from './import-directory.js';
import { saveUpload, UploadTooLarge } from './import-upload.js';
import { importFiles, type ImportListing, type ImportReport } from './importer.js';
import type { MarketCache } from '../market-cache.js';

const API_OPTIONS = { limits: API_LIMITS, withholdContent: true };

function response(report: ImportReport): ImportReportResponse {
  return {
    files: report.files,
    rejectedFiles: report.rejectedFiles,
    instruments: report.instruments,
    inserted: report.inserted,
    updated: report.updated,
    issues: report.issues,
  };
}

function uploadTooLarge(): AppError {
  // The client may still be sending: answer, then close the connection.
  return new AppError(
    'payload_too_large',
    `The file is larger than the import limit of ${MAX_IMPORT_FILE_BYTES / (1024 * 1024)} MiB.`,
    undefined,
    { connection: 'close' },
  );
}

/**
 * The admin import API (docs/data-import.md): files inside IMPORT_DIR named by relative
 * path, or one CSV file uploaded as the request body. Both go through the same importer,
 * with regular files only, a size limit, and no file content in the report.
 */
export interface ImportRoutesDeps {
  readonly settings: Pick<Settings, 'IMPORT_DIR'>;
  readonly database: DatabaseHandle;
  /** Reloaded after an import that changed the stored bars. */
  readonly market: MarketCache;
}

export function importRoutes(ctx: ImportRoutesDeps): FastifyPluginAsync {
  const importDir = ctx.settings.IMPORT_DIR;
  const run = async (listing: ImportListing): Promise<ImportReport> => {
    const report = await importFiles(ctx.database, listing, API_OPTIONS);
    if (report.changed) await ctx.market.reload();
    return report;
  };

  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    // Not for the web app (its reason in contracts' ROUTES_NOT_FOR_THE_WEB), so registered outside ENDPOINTS.
    app.post(
      '/api/v1/admin/import',
      {
        config: needs(PERMISSIONS.marketImport),
        schema: {
          summary: 'Imports CSV files from IMPORT_DIR, named by their relative paths',
          body: importBodySchema,
          response: { 200: importReportSchema },
        },
      },
      async (request): Promise<ImportReportResponse> => {
        const { paths } = request.body;
        return response(await run(await listInImportDirectory(importDir, paths)));
      },
    );

    // Its own plugin: text/csv bodies reach only this route, as a stream (never buffered whole).
    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      upload.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

      upload.post(
        '/api/v1/admin/imports/upload',
        {
          config: needs(PERMISSIONS.marketImport),
          schema: {
            summary: 'Imports one CSV file sent as the body (Content-Type: text/csv)',
            tags: ['admin: import'],
            description: `The body is the file itself, at most ${MAX_IMPORT_FILE_BYTES / (1024 * 1024)} MiB, streamed to disk.`,
            querystring: importUploadQuerySchema,
            response: { 200: importReportSchema },
          },
        },
        async (request): Promise<ImportReportResponse> => {
          const { name } = request.query;
          // Fastify skips the parser for an empty body: that is an empty file, rejected as such below.
          const body =
            request.body instanceof Readable
              ? request.body
              : request.body === undefined && /^text\/csv\b/i.test(request.headers['content-type'] ?? '')
                ? Readable.from([])
                : null;
          if (!body)
            throw new AppError('unsupported_media_type', 'Send the file as the body, with Content-Type: text/csv.');
          if (Number(request.headers['content-length']) > MAX_IMPORT_FILE_BYTES) throw uploadTooLarge();
          let saved;
          try {
            saved = await saveUpload(body, importDir, name, MAX_IMPORT_FILE_BYTES);
          } catch (error) {
            if (error instanceof UploadTooLarge) throw uploadTooLarge();
            throw error;
          }
          let report: ImportReport;
          try {
            report = await run({ files: [{ path: saved.path, name }], issues: [] });
          } finally {
            await saved.remove();
          }
          const rejected = report.issues.find((i) => i.action === 'reject');
          if (rejected) {
            throw validationFailed(`The file cannot be imported: ${rejected.reason}.`, [
              { path: 'body', message: rejected.reason },
            ]);
          }
          return response(report);
        },
      );
    });
  };
}
