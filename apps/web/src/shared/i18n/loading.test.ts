import { describe, expect, it, vi } from 'vitest';

describe('which texts a Turkish user downloads', () => {
  it('all Turkish namespaces, and of English only the scanner’s (its CSV headers)', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const { NAMESPACES } = await import('./resources');
    await fresh.startI18n('tr');
    expect(fresh.i18n.hasResourceBundle('tr', 'dashboard')).toBe(false);
    await fresh.loadAllTexts();
    for (const ns of NAMESPACES) expect(fresh.i18n.hasResourceBundle('tr', ns), ns).toBe(true);
    const english = NAMESPACES.filter((ns) => fresh.i18n.hasResourceBundle('en', ns));
    expect(english).toEqual(['scanner']);
  });
});
