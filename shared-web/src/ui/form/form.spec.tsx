import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import '../../i18n/i18n';
import { Checkbox } from './Checkbox';
import { ErrorSummary } from './ErrorSummary';
import { focusFirstInvalid } from './fieldIds';
import { Select } from './Select';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is labelled, and an error marks it invalid and describes it', () => {
    const { rerender } = render(<TextField name="email" label="Correo" hint="Tu e-mail" />);
    const input = screen.getByLabelText('Correo');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Tu e-mail');

    rerender(<TextField name="email" label="Correo" hint="Tu e-mail" error="Correo no válido." />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Tu e-mail Correo no válido.');
    expect(screen.getByText('Correo no válido.')).toBeVisible();
  });

  it('works as a controlled input', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextField
            name="q"
            label="Buscar"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.type(screen.getByLabelText('Buscar'), 'aro');
    expect(screen.getByRole('status')).toHaveTextContent('aro');
  });
});

/** A react-hook-form form with the shared parts, as the account, admin and checkout forms are. */
function SignUp({ onSubmit }: { onSubmit: (v: unknown) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { name: '', email: '', level: '', terms: false },
  });
  const { errors, isSubmitting } = formState;
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <TextField label="Nombre" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Correo"
        error={errors.email?.message}
        {...register('email', { required: 'Falta el correo.' })}
      />
      <Select
        label="Nivel"
        placeholder="Elige"
        options={[
          { value: 'a', label: 'Inicial' },
          { value: 'b', label: 'Avanzado' },
        ]}
        error={errors.level?.message}
        {...register('level', { required: 'Elige un nivel.' })}
      />
      <Checkbox
        label="Acepto las condiciones"
        error={errors.terms?.message}
        {...register('terms', { required: 'Hay que aceptarlas.' })}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Enviando...">
        Enviar
      </SubmitButton>
    </form>
  );
}

describe('form parts with react-hook-form', () => {
  it('shows each error, focuses the first invalid field, and sends once fixed', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const sent: unknown[] = [];
    const onSubmit = (v: unknown) => {
      sent.push(v);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    render(<SignUp onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Falta el correo.')).toBeVisible();
    expect(screen.getByText('Elige un nivel.')).toBeVisible();
    expect(screen.getByText('Hay que aceptarlas.')).toBeVisible();
    expect(screen.getByLabelText('Correo')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Nivel' })).toHaveAccessibleDescription(
      'Elige un nivel.',
    );
    expect(sent).toHaveLength(0);

    // keyboard only: type, choose, tick with Space, send with Enter
    await user.type(screen.getByLabelText('Correo'), 'ana@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nivel' }), 'Avanzado');
    screen.getByRole('checkbox', { name: 'Acepto las condiciones' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const busy = await screen.findByRole('button', { name: 'Enviando...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(sent).toEqual([{ name: '', email: 'ana@example.com', level: 'b', terms: true }]);
    finish();
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeEnabled();
  });
});

describe('focusFirstInvalid (controlled forms)', () => {
  it('moves focus to the first field marked invalid', async () => {
    function Controlled() {
      const form = useRef<HTMLFormElement>(null);
      const [errors, setErrors] = useState<Record<string, string>>({});
      return (
        <form
          ref={form}
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({ b: 'Falta B.', c: 'Falta C.' });
            queueMicrotask(() => focusFirstInvalid(form.current));
          }}
        >
          <TextField name="a" label="A" />
          <TextField name="b" label="B" error={errors.b} />
          <TextField name="c" label="C" error={errors.c} />
          <SubmitButton>OK</SubmitButton>
        </form>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('B')).toHaveFocus();
  });
});

describe('ErrorSummary', () => {
  it('lists the errors under a translated title; a link moves focus to its field', async () => {
    render(
      <>
        <ErrorSummary
          errors={[
            { id: 'name', message: 'Falta el nombre.' },
            { id: 'email', message: 'Falta el correo.' },
          ]}
        />
        <TextField name="name" label="Nombre" error="Falta el nombre." />
        <TextField name="email" label="Correo" error="Falta el correo." />
      </>,
    );
    const summary = screen.getByRole('alert', { name: 'Revisa estos campos:' });
    expect(summary).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Falta el correo.' }));
    expect(screen.getByLabelText('Correo')).toHaveFocus();
  });

  it('renders nothing without errors, and can take focus when it appears', () => {
    const { rerender } = render(<ErrorSummary errors={[]} title="Revisa" focus />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<ErrorSummary errors={[{ id: 'x', message: 'Mal.' }]} title="Revisa" focus />);
    expect(screen.getByRole('alert', { name: 'Revisa' })).toHaveFocus();
  });
});

describe('SubmitButton', () => {
  it('is a submit button that keeps its label when no busy label is given', () => {
    render(<SubmitButton busy>Guardar</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeDisabled();
  });
});
