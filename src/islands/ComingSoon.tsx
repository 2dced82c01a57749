// Placeholder body of a page whose screen is not built yet (rendered at build time, no JavaScript).
interface Props {
  title: string;
  /** Extra line, e.g. the id a placeholder route shows. */
  detail?: string;
}

export default function ComingSoon({ title, detail }: Props) {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {detail && <p className="mt-2 text-sm text-slate-600">{detail}</p>}
      <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        Esta tela ainda não foi construída.
      </p>
    </section>
  );
}
