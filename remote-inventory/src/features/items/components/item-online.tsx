import {
  FEED_CHANNEL_LABELS,
  feedProblemsText,
  HANDLING_DAYS_MAX,
  HANDLING_DAYS_MIN,
  NOT_ONLINE_LABELS,
  PUBLIC_DESCRIPTION_MAX,
  textRuleProblem,
  type ItemListing,
  type ItemListingUpdate,
  type MarketplaceItemChannel,
} from '@loupe/contracts';
import {
  Card,
  Facts,
  FieldGrid,
  FormActions,
  FormNotices,
  HttpError,
  RetryAlert,
  Spinner,
  TextAreaField,
  TextField,
  useAuth,
  useEntityForm,
  VisuallyHidden,
  type FormProblems,
} from '@loupe/platform';
import { Fragment, useId } from 'react';
import styled from 'styled-components';
import { useItemFeeds, useItemListing, useUpdateItemListing } from '../api/online';

/*
 * The item's "Online" section (issue 24 items 1 and 3): whether it is on the shop's storefront right now and,
 * if not, why (the storefront module's answer, in contracts/src/storefront-messages.ts's words); its public
 * page when it is; per marketplace feed whether the feed carries it, or the reasons it does not (the rule is
 * contracts/src/feeds.ts's feedProblems, applied by the server; the words are feedProblemsText's). Platinum and
 * gold (manageListings) change the listing here; everyone else reads it.
 */

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const State = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
  strong {
    margin-right: ${({ theme }) => theme.space(2)};
  }
`;

const Feeds = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(5)};
  li {
    overflow-wrap: anywhere;
  }
`;

const Toggle = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  min-height: 36px;
  font-weight: 600;
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Form = styled.form`
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
`;

/** What the listing form holds: the switches as booleans, the handling time as typed. */
export interface ListingValues {
  listed: boolean;
  publicDescription: string;
  braceletMaterial: string;
  handlingDays: string;
  priceOnRequest: boolean;
}

/** ItemListing's bracelet material limit (contracts/src/storefront.ts). */
export const BRACELET_MATERIAL_MAX = 60;

export const HANDLING_DAYS_PROBLEM = `Handling time must be a whole number of days from ${HANDLING_DAYS_MIN} to ${HANDLING_DAYS_MAX}.`;

export const listingValues = (listing: ItemListing): ListingValues => ({
  listed: listing.listed,
  publicDescription: listing.publicDescription,
  braceletMaterial: listing.braceletMaterial,
  handlingDays: String(listing.handlingDays),
  priceOnRequest: listing.priceOnRequest,
});

/** The contracts' limits, before anything is sent (the service checks them again; its messages win). */
export function checkListing(values: ListingValues): FormProblems<ListingValues> {
  const problems: FormProblems<ListingValues> = {};
  const days = values.handlingDays.trim();
  if (!/^\d+$/.test(days) || Number(days) < HANDLING_DAYS_MIN || Number(days) > HANDLING_DAYS_MAX)
    problems.handlingDays = HANDLING_DAYS_PROBLEM;
  if (values.publicDescription.trim().length > PUBLIC_DESCRIPTION_MAX)
    problems.publicDescription = `Public description can be at most ${PUBLIC_DESCRIPTION_MAX} characters.`;
  else {
    const problem = textRuleProblem(values.publicDescription, 'multiline');
    if (problem) problems.publicDescription = problem;
  }
  if (values.braceletMaterial.trim().length > BRACELET_MATERIAL_MAX)
    problems.braceletMaterial = `Bracelet material can be at most ${BRACELET_MATERIAL_MAX} characters.`;
  else {
    const problem = textRuleProblem(values.braceletMaterial);
    if (problem) problems.braceletMaterial = problem;
  }
  return problems;
}

export const listingBody = (values: ListingValues): ItemListingUpdate => ({
  listed: values.listed,
  publicDescription: values.publicDescription.trim(),
  braceletMaterial: values.braceletMaterial.trim(),
  handlingDays: Number(values.handlingDays.trim()),
  priceOnRequest: values.priceOnRequest,
});

/** "In the Chrono24 feed", or "Not in the Chrono24 feed: no reference number, no photo". */
export function feedText(channel: MarketplaceItemChannel, online: boolean): string {
  const label = FEED_CHANNEL_LABELS[channel.channel];
  if (channel.included) return `In the ${label} feed`;
  if (!online) return `Not in the ${label} feed: not on the storefront`;
  return feedProblemsText(channel.channel, channel.problems) ?? `Not in the ${label} feed`;
}

function OnlineState({ listing }: { listing: ItemListing }) {
  if (listing.online) {
    return (
      <State>
        <strong>On the storefront</strong>
        {listing.publicUrl ? (
          <a href={listing.publicUrl} target="_blank" rel="noopener noreferrer">
            View on the storefront
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        ) : null}
      </State>
    );
  }
  return (
    <State>
      <strong>{listing.notOnlineBecause ? NOT_ONLINE_LABELS[listing.notOnlineBecause] : 'Not online'}</strong>
    </State>
  );
}

/**
 * 404 from a section's own service: the item is not there (its page says so) or this server has no such module
 * (an older one behind a newer app): the section has nothing to add, as the workshop's margins do.
 */
export const isNotThere = (error: unknown) => error instanceof HttpError && error.status === 404;

/** The feeds' lines; the item's online state is the feeds' answer's, read at the same moment. */
function FeedLines({ itemId }: { itemId: number }) {
  const feeds = useItemFeeds(itemId);
  if (isNotThere(feeds.error)) return null;
  if (feeds.error) {
    return (
      <RetryAlert
        error={feeds.error}
        what="Failed to load the marketplace feeds."
        onRetry={() => void feeds.refetch()}
      />
    );
  }
  if (!feeds.data) return <Spinner label="Loading the marketplace feeds..." size={16} />;
  const { online, channels } = feeds.data;
  return (
    <Feeds aria-label="Marketplace feeds">
      {channels.map((channel) => (
        <li key={channel.channel}>{feedText(channel, online)}</li>
      ))}
    </Feeds>
  );
}

function ListingFacts({ listing }: { listing: ItemListing }) {
  const rows: [string, string][] = [
    ['Listed online', listing.listed ? 'Yes' : 'No'],
    ['Public description', listing.publicDescription || '—'],
    ['Bracelet material', listing.braceletMaterial || '—'],
    ['Handling time', `${listing.handlingDays} working ${listing.handlingDays === 1 ? 'day' : 'days'}`],
    ['Price on request', listing.priceOnRequest ? 'Yes' : 'No'],
  ];
  return (
    <Facts $stack aria-label="Listing">
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Facts>
  );
}

function ListingForm({ itemId, listing }: { itemId: number; listing: ItemListing }) {
  const update = useUpdateItemListing();
  const ids = useId();
  const controller = useEntityForm<ListingValues, ItemListing>({
    values: listingValues(listing),
    record: listing,
    check: checkListing,
    failedText: 'The listing could not be saved. Please try again.',
    fieldErrorsText: 'Please correct the highlighted fields.',
    checkErrorsText: 'Please correct the highlighted fields.',
    savedMessage: 'Listing saved.',
    // The mutation refreshes the item's listing and feeds before it resolves: the lines above say the rest.
    save: (values) => update.mutateAsync({ id: itemId, input: listingBody(values) }),
  });
  const { form, busy, text } = controller;
  const values = form.watch();
  return (
    <Form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Online listing">
      <FormNotices controller={controller} />
      <Toggle>
        <input
          type="checkbox"
          name="listed"
          checked={values.listed}
          aria-describedby={`${ids}-listed`}
          onChange={(event) => controller.set('listed', event.target.checked)}
        />
        Listed online
      </Toggle>
      <Note id={`${ids}-listed`}>
        On the storefront and in the feeds while it is available; it leaves them at once when it is sold,
        reserved, checked out or in the workshop.
      </Note>
      <TextAreaField
        label="Public description"
        rows={4}
        maxLength={PUBLIC_DESCRIPTION_MAX}
        hint="Shown on the storefront and in the feeds. The stock description is never shown."
        {...text('publicDescription')}
      />
      <FieldGrid $min={200}>
        <TextField
          label="Bracelet material"
          autoComplete="off"
          maxLength={BRACELET_MATERIAL_MAX}
          hint="E.g. Steel, Leather (Chrono24 asks for it)."
          {...text('braceletMaterial')}
        />
        <TextField
          label="Handling time (days)"
          inputMode="numeric"
          autoComplete="off"
          required
          hint={`Working days from payment to dispatch, ${HANDLING_DAYS_MIN} to ${HANDLING_DAYS_MAX}.`}
          {...text('handlingDays')}
        />
      </FieldGrid>
      <Toggle>
        <input
          type="checkbox"
          name="priceOnRequest"
          checked={values.priceOnRequest}
          aria-describedby={`${ids}-request`}
          onChange={(event) => controller.set('priceOnRequest', event.target.checked)}
        />
        Price on request
      </Toggle>
      <Note id={`${ids}-request`}>
        The storefront says “Price on request” instead of the price; no feed can carry an item without one.
      </Note>
      <FormActions submitLabel="Save listing" busy={busy} busyLabel="Saving..." />
    </Form>
  );
}

/** The item online: on the item page and below Edit Inventory Item. */
export function ItemOnlineSection({ itemId }: { itemId: number }) {
  const titleId = useId();
  const manage = useAuth().can('manageListings');
  const listing = useItemListing(itemId);
  if (isNotThere(listing.error)) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Online</Title>
      {listing.error ? (
        <RetryAlert
          error={listing.error}
          what="Failed to load the online listing."
          onRetry={() => void listing.refetch()}
        />
      ) : !listing.data ? (
        <Spinner label="Loading the online listing..." />
      ) : (
        <>
          <OnlineState listing={listing.data} />
          <FeedLines itemId={itemId} />
          {manage ? (
            // Keyed by the item: another item's page starts from its own listing.
            <ListingForm key={itemId} itemId={itemId} listing={listing.data} />
          ) : (
            <ListingFacts listing={listing.data} />
          )}
        </>
      )}
    </Card>
  );
}
