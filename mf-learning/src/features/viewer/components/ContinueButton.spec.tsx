import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTranslations, i18n } from '@circo/shared-web';
import es from '../../../locales/es.json';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import { ContinueButton } from './ContinueButton';
import { Pills } from './Pills';

addTranslations('learning', { es, en, fr });

const ordered = [
  { _id: 'a', moduleId: 'm1', pill: 'M1 · Clase 1' },
  { _id: 'b', moduleId: 'm1', pill: 'M1 · Clase 2' },
  { _id: 'c', moduleId: 'm2', pill: 'M2 · Clase 1' },
];

describe('the class pills and the way back to where the student stopped', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('es');
  });

  it('continues with the class after the last one marked done, its module with it', async () => {
    const onGo = jest.fn();
    render(<ContinueButton ordered={ordered} done={new Set(['b'])} current={null} onGo={onGo} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar con M2 · Clase 1' }));
    expect(onGo).toHaveBeenCalledWith('c', 'm2');
  });

  it('hides when that class is already open or every class is done', () => {
    const { container, rerender } = render(
      <ContinueButton ordered={ordered} done={new Set(['a'])} current="b" onGo={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <ContinueButton
        ordered={ordered}
        done={new Set(['a', 'b', 'c'])}
        current={null}
        onGo={() => {}}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('names each class pill "Clase N" first, then its title, then its done mark (said, the tick itself silent)', () => {
    render(
      <Pills
        label="Clases"
        testId="class-pills"
        titled
        doneLabel="completada"
        selected="b"
        onSelect={() => {}}
        items={[
          { id: 'a', text: 'Clase 1', title: 'Calentamiento', done: true },
          { id: 'b', text: 'Clase 2', title: 'Vertical' },
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('button');
    expect(first).toHaveAccessibleName('Clase 1 Calentamiento completada');
    expect(first).toHaveAttribute('data-done', 'true');
    expect(second).toHaveAccessibleName('Clase 2 Vertical');
    expect(second).toHaveAttribute('aria-pressed', 'true');
  });

  it('counts the classes done as each language counts them ("1 leçon", "2 leçons")', () => {
    const fr = i18n.getFixedT('fr', 'learning');
    expect(fr('viewer.classesDone', { count: 0, done: 0, total: 3 })).toBe(
      '0 leçon sur 3 terminée',
    );
    expect(fr('viewer.classesDone', { count: 1, done: 1, total: 3 })).toBe(
      '1 leçon sur 3 terminée',
    );
    expect(fr('viewer.classesDone', { count: 2, done: 2, total: 3 })).toBe(
      '2 leçons sur 3 terminées',
    );
    const es = i18n.getFixedT('es', 'learning');
    expect(es('viewer.classesDone', { count: 1, done: 1, total: 3 })).toBe(
      '1 de 3 clases completadas',
    );
  });
});
