import { Link } from "react-router";
import { useShop } from "~/lib/use-shop";
import { InstagramIcon, TiktokIcon } from "../icons";
import { NewsletterForm } from "../newsletter/newsletter-form";
import { PaymentIcons } from "./payment-icons";

const SOCIAL = {
  instagram: { label: "Instagram", Icon: InstagramIcon },
  tiktok: { label: "Tiktok", Icon: TiktokIcon },
};

function LinkList({ links }: { links: readonly { route: string; name: string }[] }) {
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.route}>
          <Link to={link.route} className="hover:underline">
            {link.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Links, sections, social links, the newsletter box, accepted cards and copyright (docs/product.md, Footer). */
export function Footer() {
  const { settings, year } = useShop();
  const { footer } = settings;
  return (
    <footer className="mt-16 border-t border-black/10 bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <nav aria-label="Footer">
          <LinkList links={footer.links} />
        </nav>
        {footer.sections.map((section) => (
          <section key={section.title} aria-labelledby={`footer-${section.title}`}>
            <h2 id={`footer-${section.title}`} className="mb-3 text-base font-semibold">
              {section.title}
            </h2>
            <LinkList links={section.links} />
          </section>
        ))}
        <div>
          <NewsletterForm />
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {settings.socialLinks.map(({ network, url }) => {
              const { label, Icon } = SOCIAL[network];
              return (
                <li key={network}>
                  <a href={url} aria-label={label} rel="noopener noreferrer" target="_blank" className="block rounded p-1 hover:bg-black/5">
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-4 border-t border-black/10 px-4 py-6 text-sm sm:flex-row sm:items-center">
        <p>
          © {year} {footer.copyright}
        </p>
        <PaymentIcons />
      </div>
    </footer>
  );
}
