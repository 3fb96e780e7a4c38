import { type DashboardLayout, parseLayout, UNDO_LIMIT, updateComponentMeta } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { type DashboardSessionState, initialSession, sessionReducer } from './sessionReducer.ts';
import type { DashboardEdits, DashboardProperties, DashboardSessionAction } from './types.ts';

const base = parseLayout(null, [{ id: 1, slice_name: 'Births' }], { dashboardTitle: 'Births' });

function loaded(): DashboardSessionState {
  return sessionReducer(initialSession(), {
    type: 'load',
    layout: base,
    css: '.a {}',
    metadata: { color_scheme: 'bnbColors' },
    title: 'Births',
    titleRu: 'Рождения',
    properties: PROPERTIES,
  });
}

const PROPERTIES: DashboardProperties = {
  slug: 'births',
  owners: [{ id: 1, first_name: 'Anna', last_name: 'Ivanova' }],
  roles: [],
  certifiedBy: null,
  certificationDetails: null,
};

const layouts = (entries: DashboardEdits[]) => entries.map((entry) => entry.layout);

function headerText(layout: DashboardLayout, text: string): DashboardLayout {
  return updateComponentMeta(layout, 'HEADER_ID', { text });
}

function apply(state: DashboardSessionState, ...actions: DashboardSessionAction[]) {
  return actions.reduce(sessionReducer, state);
}

describe('sessionReducer', () => {
  it('loads a saved dashboard without history or unsaved changes', () => {
    const state = loaded();
    expect(state).toMatchObject({
      layout: base,
      css: '.a {}',
      title: 'Births',
      titleRu: 'Рождения',
      unsaved: false,
    });
    expect(state.past).toEqual([]);
    expect(state.editing).toBe(false);
  });

  it('records layout changes, marks them unsaved and undoes back to the start', () => {
    const first = headerText(base, 'One');
    const second = headerText(first, 'Two');
    let state = apply(loaded(), { type: 'layout', layout: first }, { type: 'layout', layout: second });
    expect(state.layout).toBe(second);
    expect(layouts(state.past)).toEqual([base, first]);
    expect(state.unsaved).toBe(true);

    state = sessionReducer(state, { type: 'undo' });
    expect(state.layout).toBe(first);
    expect(state.unsaved).toBe(true);
    state = sessionReducer(state, { type: 'undo' });
    expect(state.layout).toBe(base);
    expect(state.unsaved).toBe(false);
    expect(sessionReducer(state, { type: 'undo' })).toBe(state);

    state = sessionReducer(state, { type: 'redo' });
    expect(state.layout).toBe(first);
    expect(layouts(state.future)).toEqual([second]);
    expect(state.unsaved).toBe(true);
  });

  it('ignores a layout that did not change', () => {
    const state = loaded();
    expect(sessionReducer(state, { type: 'layout', layout: state.layout })).toBe(state);
  });

  it('a new change drops what could be redone', () => {
    const state = apply(
      loaded(),
      { type: 'layout', layout: headerText(base, 'One') },
      { type: 'undo' },
      { type: 'layout', layout: headerText(base, 'Other') },
    );
    expect(state.future).toEqual([]);
  });

  it('keeps at most the undo limit and says so once it overflows', () => {
    let state = loaded();
    for (let step = 0; step < UNDO_LIMIT; step += 1) {
      state = sessionReducer(state, { type: 'layout', layout: headerText(base, `Step ${step}`) });
    }
    expect(state.past).toHaveLength(UNDO_LIMIT);
    expect(state.historyOverflowed).toBe(false);
    state = sessionReducer(state, { type: 'layout', layout: headerText(base, 'One more') });
    expect(state.past).toHaveLength(UNDO_LIMIT);
    expect(state.historyOverflowed).toBe(true);
  });

  it('property changes mark the dashboard unsaved', () => {
    expect(sessionReducer(loaded(), { type: 'setCss', css: 'b{}' })).toMatchObject({
      css: 'b{}',
      unsaved: true,
    });
    expect(sessionReducer(loaded(), { type: 'setMetadata', metadata: { color_scheme: 'x' } }).unsaved).toBe(
      true,
    );
    expect(sessionReducer(loaded(), { type: 'setTitles', title: 'T', titleRu: 'Т' })).toMatchObject({
      title: 'T',
      titleRu: 'Т',
      unsaved: true,
    });
  });

  it('applied properties are one step of the history: undone, redone, discarded and saved with the layout', () => {
    const certified: DashboardProperties = {
      ...PROPERTIES,
      slug: 'births-2024',
      owners: [...PROPERTIES.owners, { id: 2, first_name: 'Boris', last_name: 'Petrov' }],
      certifiedBy: 'Data team',
      certificationDetails: 'Checked',
    };
    const moved = headerText(base, 'Moved');
    const properties: DashboardSessionAction = {
      type: 'setProperties',
      title: 'Births 2024',
      titleRu: 'Рождения 2024',
      metadata: { color_scheme: 'supersetColors' },
      properties: certified,
    };
    let state = apply(
      loaded(),
      { type: 'setEditing', editing: true },
      { type: 'layout', layout: moved },
      properties,
    );
    expect(state).toMatchObject({
      title: 'Births 2024',
      properties: certified,
      layout: moved,
      unsaved: true,
    });
    expect(state.past).toHaveLength(2);

    state = sessionReducer(state, { type: 'undo' });
    expect(state).toMatchObject({ title: 'Births', properties: PROPERTIES, layout: moved, unsaved: true });
    expect(state.metadata).toEqual({ color_scheme: 'bnbColors' });
    state = sessionReducer(state, { type: 'undo' });
    expect(state).toMatchObject({ properties: PROPERTIES, layout: base, unsaved: false });
    state = apply(state, { type: 'redo' }, { type: 'redo' });
    expect(state).toMatchObject({ titleRu: 'Рождения 2024', properties: certified, layout: moved });

    expect(sessionReducer(state, { type: 'discard' })).toMatchObject({
      title: 'Births',
      properties: PROPERTIES,
      editing: false,
    });
    const saved = apply(state, { type: 'saveStarted' }, { type: 'saveFinished', saved: true });
    expect(saved).toMatchObject({ properties: certified, unsaved: false });
    expect(
      apply(saved, { type: 'setTitles', title: 'Other', titleRu: '' }, { type: 'discard' }).properties,
    ).toEqual(certified);
  });

  it('an undone CSS change goes back to the CSS before it', () => {
    const state = apply(loaded(), { type: 'setCss', css: 'b{}' }, { type: 'undo' });
    expect(state).toMatchObject({ css: '.a {}', unsaved: false });
    expect(sessionReducer(state, { type: 'setCss', css: '.a {}' })).toBe(state);
  });

  it('a save clears the history and the unsaved flag; a failed one keeps them', () => {
    const changed = headerText(base, 'One');
    const editing = apply(
      loaded(),
      { type: 'setEditing', editing: true },
      { type: 'layout', layout: changed },
    );
    const saving = sessionReducer(editing, { type: 'saveStarted' });
    expect(saving.saving).toBe(true);

    const failed = sessionReducer(saving, { type: 'saveFinished', saved: false });
    expect(failed).toMatchObject({ saving: false, unsaved: true, layout: changed });
    expect(failed.past).toHaveLength(1);

    const saved = sessionReducer(saving, { type: 'saveFinished', saved: true });
    expect(saved).toMatchObject({ saving: false, unsaved: false, layout: changed, editing: true });
    expect(saved.past).toEqual([]);
    // What was saved is what a later discard returns to.
    const discarded = apply(
      saved,
      { type: 'layout', layout: headerText(changed, 'Two') },
      { type: 'discard' },
    );
    expect(discarded.layout).toBe(changed);
  });

  it('a discard returns to the loaded dashboard and leaves edit mode', () => {
    const state = apply(
      loaded(),
      { type: 'setEditing', editing: true },
      { type: 'layout', layout: headerText(base, 'One') },
      { type: 'setCss', css: 'x{}' },
      { type: 'setTitles', title: 'New', titleRu: '' },
      { type: 'discard' },
    );
    expect(state).toMatchObject({
      layout: base,
      css: '.a {}',
      title: 'Births',
      editing: false,
      unsaved: false,
    });
    expect(state.past).toEqual([]);
  });
});
