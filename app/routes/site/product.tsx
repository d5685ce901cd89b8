// Placeholder until this page is built; the route exists so the shell and links work.
export function meta() {
  return [{ title: "GCC View 360" }];
}

export default function Page() {
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl font-bold text-navy-900">GCC View 360</h1>
    </section>
  );
}
