import { inputClass } from '~/components/ui/field.tsx'

/** A labelled select of [value, label] options (preferences and organization defaults). */
export function SelectField({ id, label, name, value, options, hint }: { id: string; label: string; name: string; value: string; options: readonly (readonly [string, string])[]; hint?: string }) {
	return (
		<div className="space-y-1">
			<label htmlFor={id} className="block text-sm font-medium">
				{label}
			</label>
			<select id={id} name={name} defaultValue={value} className={inputClass}>
				{options.map(([v, l]) => (
					<option key={v} value={v}>
						{l}
					</option>
				))}
			</select>
			{hint ? <p className="text-xs text-gray-500 dark:text-gray-400">{hint}</p> : null}
		</div>
	)
}
