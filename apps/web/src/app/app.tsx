export function App() {
  return (
    <main>
      <h1>Solstice</h1>
      <p>Seasonality tools, stock scanner, market view and heatmaps.</p>
    </main>
  );
}
