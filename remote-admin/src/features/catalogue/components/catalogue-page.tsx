import {
  CATALOGUE_MERGE_CONFIRM,
  isBlank,
  textRuleProblem,
  type CatalogueBrand,
  type CatalogueModel,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  FormActions,
  Modal,
  PageHeader,
  SelectField,
  Spinner,
  Stack,
  Table,
  TableScroll,
  TextField,
  FormNotices,
  notify,
  useEntityForm,
  usePageTitle,
} from '@loupe/platform';
import { useState } from 'react';
import {
  catalogueErrorMessage,
  useAddBrand,
  useAddModel,
  useCatalogue,
  useMergeEntry,
  useUpdateEntry,
  type EntryKind,
} from '../api/catalogue';

type Entry = CatalogueBrand | CatalogueModel;

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** One line to add a brand, or a model to the chosen brand. */
function AddForm({
  label,
  button,
  onAdd,
}: {
  label: string;
  button: string;
  onAdd(name: string): Promise<unknown>;
}) {
  const controller = useEntityForm<{ name: string }, object>({
    values: { name: '' },
    check: ({ name }) => ({
      name: isBlank(name) ? 'This field may not be blank.' : (textRuleProblem(name) ?? undefined),
    }),
    failedText: 'The catalogue could not be changed.',
    save: async ({ name }) => ({ added: await onAdd(name.trim()) }),
    savedMessage: (_added, { name }) => `${name.trim()} added.`,
    announce: 'toast',
    // A half-typed name is not worth a question on leaving: the catalogue is one line at a time.
    guard: false,
    onFailed(failure) {
      controller.form.setError('name', { message: catalogueErrorMessage(failure) });
      return true;
    },
    onSaved: () => controller.form.reset({ name: '' }),
  });
  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label={button}>
      <Stack $row $gap={2}>
        <TextField label={label} {...controller.text('name')} />
        <div>
          <Button type="submit" disabled={controller.busy}>
            {button}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

interface Dialog {
  action: 'rename' | 'merge';
  kind: EntryKind;
  entry: Entry;
  /** The entries it may merge into: the other active brands, or the brand's other active models. */
  targets: Entry[];
}

/** Rename, or merge with a confirmation naming how many items follow; on the platform's edit/create controller. */
function EntryDialog({ dialog, onClose }: { dialog: Dialog | null; onClose(): void }) {
  const update = useUpdateEntry();
  const merge = useMergeEntry();
  const what = dialog?.kind === 'brand' ? 'brand' : 'model';
  const controller = useEntityForm<{ name: string; intoId: string }, object>({
    values: { name: '', intoId: '' },
    check: ({ name, intoId }) =>
      dialog?.action === 'rename'
        ? { name: isBlank(name) ? 'Enter the new name.' : (textRuleProblem(name) ?? undefined) }
        : { intoId: intoId ? undefined : `Choose the ${what} to merge into.` },
    failedText: 'The catalogue could not be changed.',
    async save({ name, intoId }) {
      if (!dialog) return {};
      if (dialog.action === 'rename') {
        await update[dialog.kind].mutateAsync({ kind: dialog.kind, id: dialog.entry.id, name: name.trim() });
      } else {
        await merge[dialog.kind].mutateAsync({
          kind: dialog.kind,
          id: dialog.entry.id,
          intoId: Number(intoId),
        });
      }
      return {};
    },
    savedMessage: (_done, { name, intoId }) =>
      dialog?.action === 'rename'
        ? `${dialog.entry.name} renamed to ${name.trim()}.`
        : `${dialog?.entry.name ?? ''} merged into ${dialog?.targets.find((t) => String(t.id) === intoId)?.name ?? ''}.`,
    announce: 'toast',
    guard: false,
    onFailed(failure) {
      controller.setFormError(catalogueErrorMessage(failure));
      return true;
    },
    onSaved: () => close(),
  });
  const intoId = controller.form.watch('intoId');
  const into = dialog?.targets.find((t) => String(t.id) === intoId);
  const busy = controller.busy;

  function close() {
    controller.form.reset({ name: '', intoId: '' });
    controller.setFormError(null);
    onClose();
  }

  const title = dialog
    ? dialog.action === 'rename'
      ? `Rename ${dialog.entry.name}`
      : `Merge ${dialog.entry.name}`
    : '';
  return (
    <Modal open={dialog !== null} title={title} onClose={close} closeLabel="Cancel">
      {dialog ? (
        <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label={title}>
          <FormNotices controller={controller} status={false} />
          {dialog.action === 'rename' ? (
            <>
              <TextField
                label="New name"
                hint={`${itemsText(dialog.entry.itemCount)} named ${dialog.entry.name} will be renamed too.`}
                {...controller.text('name')}
              />
              <FormActions submitLabel="Rename" busy={busy} />
            </>
          ) : (
            <>
              <SelectField label="Merge into" {...controller.text('intoId')}>
                <option value="">Choose a {what}</option>
                {dialog.targets.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectField>
              {into ? (
                <Alert tone="info">
                  {CATALOGUE_MERGE_CONFIRM(dialog.entry.name, into.name, dialog.entry.itemCount)}
                </Alert>
              ) : null}
              <FormActions submitLabel="Merge" busy={busy} />
            </>
          )}
        </form>
      ) : null}
    </Modal>
  );
}

/** The actions of one brand or model: rename, retire or unretire, merge. */
function EntryActions({
  kind,
  entry,
  targets,
  onDialog,
}: {
  kind: EntryKind;
  entry: Entry;
  targets: Entry[];
  onDialog(dialog: Dialog): void;
}) {
  const update = useUpdateEntry();
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    try {
      await update[kind].mutateAsync({ kind, id: entry.id, retired: !entry.retired });
      notify(
        entry.retired
          ? `${entry.name} is offered again.`
          : `${entry.name} retired: items that name it keep it.`,
      );
      setError(null);
    } catch (failure) {
      setError(catalogueErrorMessage(failure));
    }
  }
  return (
    <Stack $row $gap={1}>
      <Button
        variant="secondary"
        aria-label={`Rename ${entry.name}`}
        onClick={() => onDialog({ action: 'rename', kind, entry, targets })}
      >
        Rename
      </Button>
      <Button
        variant="secondary"
        aria-label={`${entry.retired ? 'Unretire' : 'Retire'} ${entry.name}`}
        onClick={() => void toggle()}
      >
        {entry.retired ? 'Unretire' : 'Retire'}
      </Button>
      <Button
        variant="danger"
        aria-label={`Merge ${entry.name}`}
        disabled={targets.length === 0}
        onClick={() => onDialog({ action: 'merge', kind, entry, targets })}
      >
        Merge
      </Button>
      {error ? <span role="alert">{error}</span> : null}
    </Stack>
  );
}

function BrandSection({
  brand,
  brands,
  onDialog,
}: {
  brand: CatalogueBrand;
  brands: CatalogueBrand[];
  onDialog(d: Dialog): void;
}) {
  const addModel = useAddModel();
  const otherBrands = brands.filter((b) => b.id !== brand.id && !b.retired);
  return (
    <Card aria-labelledby="catalogue-brand-title">
      <h2 id="catalogue-brand-title">{brand.name}</h2>
      <p>
        {brand.retired
          ? 'Retired: not offered for new items; items that name it keep it.'
          : 'Offered for new items.'}{' '}
        {itemsText(brand.itemCount)}.
      </p>
      <EntryActions kind="brand" entry={brand} targets={otherBrands} onDialog={onDialog} />
      <h3>Models</h3>
      <TableScroll>
        <Table aria-label={`${brand.name} models`}>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Items</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {brand.models.length === 0 ? (
              <tr>
                <td colSpan={4}>No models yet</td>
              </tr>
            ) : (
              brand.models.map((model) => (
                <tr key={model.id}>
                  <th scope="row">{model.name}</th>
                  <td>{model.itemCount}</td>
                  <td>{model.retired ? 'Retired' : 'Active'}</td>
                  <td>
                    <EntryActions
                      kind="model"
                      entry={model}
                      targets={brand.models.filter((m) => m.id !== model.id && !m.retired)}
                      onDialog={onDialog}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </TableScroll>
      <AddForm
        label="New model"
        button="Add Model"
        onAdd={(name) => addModel.mutateAsync({ brandId: brand.id, name })}
      />
    </Card>
  );
}

/**
 * The shop's catalogue (issue 22): the brands and models the item forms offer. Platinum only (the route says
 * so): add, rename, retire or unretire, and merge — a merge names how many items follow before it is made.
 */
export function CataloguePage() {
  usePageTitle('Catalogue');
  const catalogue = useCatalogue();
  const addBrand = useAddBrand();
  const [chosen, setChosen] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const brands = catalogue.data?.brands ?? [];
  const brand = brands.find((b) => String(b.id) === chosen);
  return (
    <>
      <PageHeader title="Catalogue" />
      {catalogue.isPending ? (
        <Spinner label="Loading the catalogue..." />
      ) : catalogue.isError ? (
        <Alert>The catalogue could not be loaded. Reload the page to try again.</Alert>
      ) : (
        <>
          <Card aria-labelledby="catalogue-brands-title">
            <h2 id="catalogue-brands-title">Brands</h2>
            <p>
              {brands.filter((b) => !b.retired).length} brands offered for new items,{' '}
              {brands.filter((b) => b.retired).length} retired.
            </p>
            <SelectField label="Brand" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose a brand to manage</option>
              {brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.retired ? `${b.name} (retired)` : b.name}
                </option>
              ))}
            </SelectField>
            <AddForm label="New brand" button="Add Brand" onAdd={(name) => addBrand.mutateAsync(name)} />
          </Card>
          {brand ? <BrandSection brand={brand} brands={brands} onDialog={setDialog} /> : null}
        </>
      )}
      <EntryDialog dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
