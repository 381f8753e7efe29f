import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from 'radix-ui';
import type { CreateFormAction, CreateFormState } from '../../hooks/create-form-state';
import { filledPositions } from '../../hooks/create-form-state';
import { hasContentTabs } from '../../utils/templates';
import { FormSection } from './form-section';
import { ImageBoxInput } from './image-box-input';
import { RestaurantPicker } from './restaurant-picker';
import { TextBoxInput } from './text-box-input';
import { TitlePicker } from './title-picker';
import { WinningBoxPicker } from './winning-box-picker';

/** Step 1 of the form: the box editors the template asks for (titles, restaurants, images or text), then the winning box. */
export function BoxesSection({
  state,
  dispatch,
}: {
  state: CreateFormState;
  dispatch: (action: CreateFormAction) => void;
}) {
  const { i18n } = useLingui();
  const source = state.template?.source ?? 'custom';
  return (
    <FormSection
      id="boxes"
      step={1}
      title={i18n._(boxesTitle(source, state.type))}
      hint={i18n._(boxesHint(source, state.type))}
    >
      {source === 'titles' ? (
        <TitlePicker
          kind={state.type === 'tv' ? 'tv' : 'movie'}
          picks={state.titles}
          winningBox={state.winningBox}
          onAdd={(title) => dispatch({ type: 'addTitle', title })}
          onRemove={(id) => dispatch({ type: 'removeTitle', id })}
        />
      ) : source === 'restaurants' ? (
        <RestaurantPicker
          picks={state.restaurants}
          winningBox={state.winningBox}
          onAdd={(restaurant) => dispatch({ type: 'addRestaurant', restaurant })}
          onRemove={(name) => dispatch({ type: 'removeRestaurant', name })}
        />
      ) : (
        <CustomBoxes state={state} dispatch={dispatch} />
      )}
      <div className="mt-5 border-t border-border/60 pt-4">
        <WinningBoxPicker
          filled={filledPositions(state)}
          winningBox={state.winningBox}
          onToggle={(position) => dispatch({ type: 'winningBox', position })}
        />
      </div>
    </FormSection>
  );
}

/** Four image or text boxes; without a template, tabs switch between the two. */
function CustomBoxes({ state, dispatch }: { state: CreateFormState; dispatch: (action: CreateFormAction) => void }) {
  const { t } = useLingui();
  return (
    <Tabs.Root
      value={state.type === 'text' ? 'text' : 'image'}
      onValueChange={(value) => dispatch({ type: 'contentType', contentType: value as 'image' | 'text' })}
    >
      {hasContentTabs(state.template) && (
        <Tabs.List
          aria-label={t`Content Type`}
          className="mb-4 grid grid-cols-2 gap-1 rounded-xl border border-border/70 bg-base/50 p-1"
        >
          {(['image', 'text'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="h-10 rounded-lg text-sm font-semibold text-zinc-300 transition-colors data-[state=active]:bg-gradient-to-r data-[state=active]:from-brand data-[state=active]:to-brand-2 data-[state=active]:text-white"
            >
              {value === 'image' ? <Trans>Images</Trans> : <Trans>Text</Trans>}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      )}
      <Tabs.Content value="image" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {state.boxes.map((box) => (
          <ImageBoxInput
            key={box.position}
            box={box}
            isWinning={state.winningBox === box.position}
            onFile={(file, preview) => dispatch({ type: 'boxImage', position: box.position, file, preview })}
            onLabel={(label) => dispatch({ type: 'boxLabel', position: box.position, label })}
          />
        ))}
      </Tabs.Content>
      <Tabs.Content value="text" className="grid gap-3 sm:grid-cols-2">
        {state.boxes.map((box) => (
          <TextBoxInput
            key={box.position}
            box={box}
            isWinning={state.winningBox === box.position}
            onText={(text) => dispatch({ type: 'boxText', position: box.position, text })}
          />
        ))}
      </Tabs.Content>
    </Tabs.Root>
  );
}

function boxesTitle(source: string, type: string) {
  if (source === 'restaurants') return msg`Pick 4 restaurants`;
  if (source === 'titles') return type === 'tv' ? msg`Pick up to 4 TV shows` : msg`Pick up to 4 movies`;
  return msg`Fill the mystery boxes`;
}

function boxesHint(source: string, type: string) {
  if (source === 'restaurants') return msg`Each restaurant goes in its own box.`;
  if (source === 'titles') return msg`Search and add at least one. Each pick fills a box.`;
  return type === 'image'
    ? msg`Add at least 2 images (JPG, PNG, GIF or SVG, up to 5MB each).`
    : msg`Write at least 2 options.`;
}
