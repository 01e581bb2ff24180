/** Stand-in for a screen that is not built yet: its title and what it will do. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <section className="card">
      <div className="card-body">
        <h1 className="h4">{title}</h1>
        <p className="text-muted mb-0">{description}</p>
      </div>
    </section>
  );
}
