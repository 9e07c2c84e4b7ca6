import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './visually-hidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.divider};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

export function Spinner({ label = 'Loading...', size = 24 }: { label?: string; size?: number }) {
  return (
    <span role="status" aria-live="polite">
      <Ring $size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

const FullScreen = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.bg};
  z-index: 1000;
`;

/** Shown while the authentication state is unknown (SPEC §2), with the hidden text "Loading...". */
export function FullScreenSpinner() {
  return (
    <FullScreen data-testid="full-screen-spinner">
      <Spinner size={48} />
    </FullScreen>
  );
}
