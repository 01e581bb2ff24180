const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to place inside HTML markup (element content or a quoted attribute).
 * Every string that ends up in an HTML sink (ECharts' HTML tooltips, for one) goes through
 * it: instrument, sector and industry names come from imported files.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
