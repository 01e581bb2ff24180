import type { OpenAPIV3_1 } from 'openapi-types';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  method: string;
  path: string;
  op: OpenAPIV3_1.OperationObject & { 'x-access'?: { kind: string; permission?: string } };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The few markdown marks our descriptions use: `code` and **strong**, on escaped text. */
const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

const anchorOf = (method: string, path: string) =>
  `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

function schemaBlock(label: string, schema: unknown): string {
  if (schema === undefined) return '';
  return `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function parametersOf(op: Operation['op']): string {
  const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  if (params.length === 0) return '';
  const rows = params
    .map((p) => {
      const schema = (p.schema ?? {}) as { type?: unknown; enum?: unknown[] };
      const type = schema.enum ? schema.enum.map(String).join(' | ') : String(schema.type ?? '');
      return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(type)}</td><td>${inline(p.description ?? '')}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>type</th><th>about</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function bodyOf(op: Operation['op']): string {
  const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (!body) return '';
  return Object.entries(body.content)
    .map(([type, media]) => schemaBlock(`Request body (${type})`, media.schema))
    .join('');
}

function responsesOf(op: Operation['op']): string {
  return Object.entries(op.responses ?? {})
    .map(([status, response]) => {
      const r = response as OpenAPIV3_1.ResponseObject;
      const media = r.content ? Object.values(r.content)[0] : undefined;
      const label = `${status === 'default' ? 'Error' : status}: ${r.description ?? ''}`;
      return media?.schema ? schemaBlock(label, media.schema) : `<p class="response">${escapeHtml(label)}</p>`;
    })
    .join('');
}

function accessBadge(access: Operation['op']['x-access']): string {
  const kind = access?.kind ?? 'public';
  const text = access?.permission ? `permission ${access.permission}` : kind;
  return `<span class="access access-${escapeHtml(kind)}">${escapeHtml(text)}</span>`;
}

function operationHtml({ method, path, op }: Operation): string {
  return `<section class="op" id="${anchorOf(method, path)}">
<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${accessBadge(op['x-access'])}</h3>
${op.summary ? `<p class="summary">${inline(op.summary)}</p>` : ''}
${(op.description ?? '')
  .split('\n\n')
  .map((p) => `<p>${inline(p)}</p>`)
  .join('')}
${parametersOf(op)}${bodyOf(op)}${responsesOf(op)}
</section>`;
}

function operationsOf(document: OpenAPIV3_1.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) operations.push({ method, path, op });
    }
  }
  return operations;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 2rem;color:#1d2330}
h1{margin-bottom:0}nav ul{columns:3;padding-left:1rem}nav li{break-inside:avoid}
.op{border:1px solid #d5dae3;border-radius:6px;padding:.25rem 1rem;margin:.75rem 0}
.op h3{font-size:1rem;margin:.5rem 0}.method{display:inline-block;min-width:4.2rem;font-weight:700}
.method-get{color:#1f6f43}.method-post{color:#1d4ed8}.method-patch,.method-put{color:#9a5b00}.method-delete{color:#b42318}
.access{font-size:.8rem;font-weight:400;border-radius:4px;padding:.05rem .4rem;margin-left:.5rem;background:#eef1f6}
.access-public{background:#e3f4ea}.access-subscriber{background:#fff1d6}.access-permission{background:#fde2e1}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d5dae3;padding:.2rem .5rem;text-align:left}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:.8rem}summary{cursor:pointer}code{font-size:.9em}`;

/**
 * The readable docs at /api/docs: every operation of the OpenAPI document, grouped by tag,
 * with its access, parameters and schemas. Plain HTML and CSS, no script, so it works
 * offline and under the app's Content-Security-Policy.
 */
export function renderApiDocs(document: OpenAPIV3_1.Document, jsonPath: string): string {
  const operations = operationsOf(document);
  const byTag = new Map<string, Operation[]>();
  for (const operation of operations) {
    const tag = operation.op.tags?.[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);
  }
  const tags = [...byTag.keys()].sort();
  const nav = tags
    .map((tag) => `<li><a href="#tag-${anchorOf('tag', tag)}">${escapeHtml(tag)}</a> (${byTag.get(tag)!.length})</li>`)
    .join('');
  const sections = tags
    .map(
      (tag) =>
        `<h2 id="tag-${anchorOf('tag', tag)}">${escapeHtml(tag)}</h2>${byTag.get(tag)!.map(operationHtml).join('')}`,
    )
    .join('');
  const { title, version, description } = document.info;
  // The empty icon keeps the browser from asking for /favicon.ico (a 404 in its console).
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(title)} ${escapeHtml(version)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(title)}</h1><p>Version ${escapeHtml(version)} · ${operations.length} operations · OpenAPI ${escapeHtml(document.openapi)}: <a href="${escapeHtml(jsonPath)}">${escapeHtml(jsonPath)}</a></p>
<p>${inline(description ?? '')}</p></header>
<nav aria-label="Groups"><ul>${nav}</ul></nav><main>${sections}</main></body></html>`;
}
