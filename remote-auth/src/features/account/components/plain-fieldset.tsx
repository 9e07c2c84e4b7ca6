import styled from 'styled-components';

/**
 * A borderless fieldset: `disabled` on it disables every control inside at once, which is how a form is
 * locked while its request is in flight (SPEC §4) without tracking each field.
 */
export const PlainFieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;
