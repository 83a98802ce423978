/** A row of pills (modules M1..Mn, classes "Class N"): one selected, each with an optional mark. */
export function Pills({
  label,
  items,
  selected,
  onSelect,
  testId,
}: {
  label: string;
  items: Array<{ id: string; text: string; title: string; done?: boolean }>;
  selected: string | null;
  onSelect: (id: string) => void;
  testId: string;
}) {
  return (
    <div className="learn-pills" role="group" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          className={`learn-pill${item.id === selected ? ' learn-pill--on' : ''}${item.done ? ' learn-pill--done' : ''}`}
          aria-pressed={item.id === selected}
          title={item.title}
          onClick={() => onSelect(item.id)}
        >
          {item.done && <span aria-hidden="true">✓ </span>}
          {item.text}
        </button>
      ))}
    </div>
  );
}
