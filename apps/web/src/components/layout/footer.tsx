export function Footer() {
  return (
    <footer className="app-footer" data-testid="footer">
      <span>© {new Date().getFullYear()} Solstice</span>
      <span className="text-muted">Not investment advice. Prices are daily bars as of the latest date shown.</span>
    </footer>
  );
}
