// The edit/create controller and what forms show around it (issue 21 item 5). react-hook-form stays inside the
// platform (see build/federation.cjs): remotes use it through this surface.
export * from './use-entity-form';
export * from './unsaved-guard';
export * from './form-notices';
