// The tr texts the landing page and its dialogs need (CORE_NAMESPACES in ../i18n.ts), in one
// chunk: one request instead of one per namespace (issue 18). bundles.test.ts checks the list.
export default import.meta.glob<{ default: Record<string, unknown> }>(
  '../tr/{common,shell,auth,landing,a11y,notifications}.ts',
  { eager: true },
);
