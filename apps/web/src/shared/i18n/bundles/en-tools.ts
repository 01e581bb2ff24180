// Every other en namespace (the signed-in screens' texts), in one chunk: loaded together with the
// first signed-in page (loadAllTexts in ../i18n.ts). bundles.test.ts checks the list.
export default import.meta.glob<{ default: Record<string, unknown> }>(
  ['../en/*.ts', '!../en/{common,shell,auth,landing,a11y,notifications}.ts'],
  { eager: true },
);
