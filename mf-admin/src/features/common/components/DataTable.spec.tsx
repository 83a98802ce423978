// The admin's tables: on a phone each row becomes a card, each value under its column's name,
// which the cells carry; the roles keep it a table for screen readers.
import { render, screen, within } from '@testing-library/react';
import { DataTable } from './DataTable';

const rows = [
  { id: 'a', name: 'Ana López', paid: '199,00 US$' },
  { id: 'b', name: 'Bruno Díaz', paid: '29,00 US$' },
];

describe('DataTable', () => {
  it("gives each cell its column's name, and none to a column without a visible header", () => {
    render(
      <DataTable
        caption="Pagos"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Alumno', cell: (r) => r.name },
          { header: 'Pagado', cell: (r) => r.paid },
          {
            header: <span className="visually-hidden">Acciones</span>,
            cell: (r) => <button type="button">Reembolsar {r.name}</button>,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Pagos' });
    const ana = within(table).getByRole('row', { name: /Ana López/ });
    const cells = within(ana).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Alumno', 'Pagado', '']);
    expect(cells[1]).toHaveTextContent('199,00 US$');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
  });

  it('takes an explicit label for a header that is not text', () => {
    render(
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: <abbr title="Importe">Imp.</abbr>, label: 'Importe', cell: (r) => r.paid },
        ]}
      />,
    );
    expect(screen.getByRole('cell', { name: '29,00 US$' })).toHaveAttribute(
      'data-label',
      'Importe',
    );
  });

  it('says in a line when there are no rows', () => {
    render(
      <DataTable
        rows={[]}
        rowKey={() => 'x'}
        empty="Sin ventas"
        columns={[{ header: 'Importe', cell: () => 1 }]}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Sin ventas' })).toHaveAttribute('data-label', '');
  });
});
