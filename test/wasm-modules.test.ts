import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs build script: no types
import { KERNEL_DIR, moduleFor, watSources } from '../scripts/wasm.mjs';

// Decision 0022: the analytics' WebAssembly is committed as base64 beside its text source.
describe('the WebAssembly modules of the analytics', () => {
  it('are what their .wat sources assemble to (npm run wasm after an edit)', async () => {
    const sources: string[] = watSources();
    expect(sources.map((s) => path.basename(s))).toContain('fill-kernel.wat');
    for (const wat of sources) {
      const target = wat.replace(/\.wat$/, '.wasm.ts');
      expect(fs.readFileSync(target, 'utf8'), path.basename(target)).toBe(await moduleFor(wat));
    }
  });

  it('differ when the source changes (the check above can fail)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wat-'));
    try {
      const edited = path.join(dir, 'fill-kernel.wat');
      const text = fs.readFileSync(path.join(KERNEL_DIR, 'fill-kernel.wat'), 'utf8');
      fs.writeFileSync(edited, text.replace('(f64x2.div', '(f64x2.mul'));
      const committed = fs.readFileSync(path.join(KERNEL_DIR, 'fill-kernel.wasm.ts'), 'utf8');
      expect(await moduleFor(edited)).not.toBe(committed);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source that does not assemble, naming the fault', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wat-'));
    try {
      const broken = path.join(dir, 'broken.wat');
      fs.writeFileSync(broken, '(module (func (result i32) (f64.const 1)))');
      await expect(moduleFor(broken)).rejects.toThrow(/type mismatch/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
