/**
 * A blog post's or static page's sections: each optional heading, then its text. The text is the section's HTML,
 * cleaned when it was saved and again when it was read (server/content, decision 0076), drawn as a product's
 * description is.
 */
export function ContentSections({ sections, className }: { sections: readonly { heading?: string | null; content: string }[]; className: string }) {
  return (
    <div className={className}>
      {sections.map((section, index) => (
        <section key={index}>
          {section.heading && <h2 className="mb-2 text-2xl font-semibold">{section.heading}</h2>}
          <div className="description-body" dangerouslySetInnerHTML={{ __html: section.content }} />
        </section>
      ))}
    </div>
  );
}
