import type { MyCertificate, MyItem } from '@circo/shared-contracts';
import { MyItemCard } from './MyItemCard';

/** One of the four sections of /mis-cursos, with its own empty text. */
export function MySection({
  id,
  title,
  items,
  empty,
  now,
  admin,
  certificates,
}: {
  id: string;
  title: string;
  items: MyItem[];
  empty: string;
  now: number;
  admin: boolean;
  /** The student's valid certificates, by item id. */
  certificates?: ReadonlyMap<string, MyCertificate>;
}) {
  return (
    <section className="learn-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="learn-section__title">
        {title} <span className="learn-count">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="learn-empty">{empty}</p>
      ) : (
        <ul className="learn-grid">
          {items.map((item) => (
            <MyItemCard
              key={item._id}
              item={item}
              now={now}
              admin={admin}
              certificate={certificates?.get(item._id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
