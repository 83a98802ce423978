export interface PillItem {
  id: string;
  /** "Clase N" or "M1": what the pill is called, always at the start of its name */
  text: string;
  title: string;
  done?: boolean;
}

/**
 * A row of pills (modules M1..Mn, classes "Class N"): one selected, each with a done mark.
 * `titled`: the item's title is written after its number (the classes), else it is a tooltip.
 */
export function Pills({
  label,
  items,
  selected,
  onSelect,
  testId,
  titled = false,
  doneLabel,
}: {
  label: string;
  items: PillItem[];
  selected: string | null;
  onSelect: (id: string) => void;
  testId: string;
  titled?: boolean;
  /** said after a done item's name ("done") */
  doneLabel: string;
}) {
  return (
    <div
      className={`learn-pills${titled ? ' learn-pills--titled' : ''}`}
      role="group"
      aria-label={label}
      data-testid={testId}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          className={`learn-pill${item.id === selected ? ' learn-pill--on' : ''}${item.done ? ' learn-pill--done' : ''}`}
          aria-pressed={item.id === selected}
          title={titled ? undefined : item.title}
          data-done={item.done ? 'true' : 'false'}
          onClick={() => onSelect(item.id)}
        >
          <span className="learn-pill__n">{item.text}</span>
          {titled && item.title && <span className="learn-pill__title">{item.title}</span>}
          {item.done && (
            <span className="learn-pill__done" data-testid="pill-done">
              <span aria-hidden="true">✓</span>
              <span className="visually-hidden">{doneLabel}</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
