// A comment's delete action is an icon on the answer view (the text keeps the row's width on a
// phone): it is named for screen readers with the comment's moment, and deletes that comment.
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../../../test/renderAdmin';
import { DeleteCommentButton } from './DeleteCommentButton';

describe('DeleteCommentButton', () => {
  it("is an icon named with the comment's moment, and deletes it", async () => {
    const onDelete = jest.fn();
    renderAdmin(<DeleteCommentButton at="0:01" disabled={false} onDelete={onDelete} />);
    const button = screen.getByRole('button', { name: 'Eliminar el comentario de 0:01' });
    // no visible words: the icon, with the name on hover
    expect(button).toHaveTextContent('');
    expect(button).toHaveAttribute('title', 'Eliminar el comentario de 0:01');
    await userEvent.setup().click(button);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('does nothing while another write runs', async () => {
    const onDelete = jest.fn();
    renderAdmin(<DeleteCommentButton at="0:03" disabled onDelete={onDelete} />);
    const button = screen.getByRole('button', { name: 'Eliminar el comentario de 0:03' });
    expect(button).toBeDisabled();
    await userEvent.setup().click(button);
    expect(onDelete).not.toHaveBeenCalled();
  });
});
