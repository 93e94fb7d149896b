/** A blog post's or static page's sections: each optional heading, then its text, shown as typed (never as HTML). */
export function ContentSections({ sections, className }: { sections: readonly { heading?: string | null; content: string }[]; className: string }) {
  return (
    <div className={className}>
      {sections.map((section, index) => (
        <section key={index}>
          {section.heading && <h2 className="mb-2 text-2xl font-semibold">{section.heading}</h2>}
          <p>{section.content}</p>
        </section>
      ))}
    </div>
  );
}
