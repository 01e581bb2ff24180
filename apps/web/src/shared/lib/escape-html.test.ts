import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that open markup or leave an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });

  it('leaves other text alone and takes non-strings', () => {
    expect(escapeHtml('Procter & Gamble')).toBe('Procter &amp; Gamble');
    expect(escapeHtml('Şişecam – %4,17')).toBe('Şişecam – %4,17');
    expect(escapeHtml(2024)).toBe('2024');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('placed into markup, gives back the text and no element', () => {
    const payload = `<img src=x onerror=alert(1)><script>alert(2)</script>"'&amp;`;
    const host = document.createElement('div');
    host.innerHTML = `<strong>${escapeHtml(payload)}</strong><span title="${escapeHtml(payload)}"></span>`;
    expect(host.querySelectorAll('img, script')).toHaveLength(0);
    expect(host.querySelector('strong')!.textContent).toBe(payload);
    expect(host.querySelector('span')!.getAttribute('title')).toBe(payload);
  });
});
