import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeModeProvider } from '../src/theme';
import { FileField, formatFileSize } from '../src/ui/file-field';

const onlyPdf = (file: File) => (file.name.endsWith('.pdf') ? null : 'Choose a PDF file.');

function Harness({ progress = null, preview = false }: { progress?: number | null; preview?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ThemeModeProvider>
      <FileField
        label="Paper"
        accept=".pdf"
        hint="A PDF, up to 5 MB."
        check={onlyPdf}
        file={file}
        onChange={setFile}
        progress={progress}
        progressLabel="Paper upload"
        removeLabel="Remove File"
        preview={preview}
      />
      <output aria-label="chosen">{file?.name ?? 'none'}</output>
    </ThemeModeProvider>
  );
}

const pdf = () => new File(['x'.repeat(3000)], 'passport.pdf', { type: 'application/pdf' });

it('shows the chosen file with its size and lets the user remove it', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const input = screen.getByLabelText('Paper');
  expect(input).toHaveAccessibleDescription('A PDF, up to 5 MB.');
  await user.upload(input, pdf());
  expect(screen.getByText('passport.pdf (3 KB)')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('passport.pdf');
  await user.click(screen.getByRole('button', { name: 'Remove File' }));
  expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('none');
  expect(screen.queryByText(/passport\.pdf/)).not.toBeInTheDocument();
});

it('refuses a file its check refuses, says why beside the input and keeps nothing', async () => {
  const user = userEvent.setup({ applyAccept: false });
  render(<Harness />);
  await user.upload(screen.getByLabelText('Paper'), new File(['x'], 'notes.docx'));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a PDF file.');
  const input = screen.getByLabelText('Paper');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('A PDF, up to 5 MB. Choose a PDF file.');
  expect((input as HTMLInputElement).files).toHaveLength(0);
  expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('none');
});

it('shows the upload progress instead of the remove button while sending', async () => {
  const user = userEvent.setup();
  const { rerender } = render(<Harness />);
  await user.upload(screen.getByLabelText('Paper'), pdf());
  rerender(<Harness progress={40} />);
  expect(screen.getByRole('progressbar', { name: 'Paper upload' })).toHaveAttribute('value', '40');
  expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Remove File' })).not.toBeInTheDocument();
});

it('previews an image while it is chosen and revokes its URL afterwards', async () => {
  const user = userEvent.setup({ applyAccept: false });
  const create = jest.fn(() => 'blob:preview');
  const revoke = jest.fn();
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  try {
    render(<Harness preview />);
    await user.upload(screen.getByLabelText('Paper'), pdf());
    expect(screen.getByRole('img', { name: 'Preview of passport.pdf' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Remove File' }));
    expect(revoke).toHaveBeenCalledWith('blob:preview');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  } finally {
    Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
  }
});

it('writes sizes as people read them', () => {
  expect(formatFileSize(10)).toBe('1 KB');
  expect(formatFileSize(3000)).toBe('3 KB');
  expect(formatFileSize(3.44 * 1024 * 1024)).toBe('3.4 MB');
});
