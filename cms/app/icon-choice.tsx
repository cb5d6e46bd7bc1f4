/**
 * The case study's icon, picked by its picture: each of the site's own drawings (the card's and the
 * page's, src/components/ui/icons.tsx) as a radio button with its name, where Decap's select lists
 * bare names. The field's options are the schema's (CASE_ICONS); the value stored is the name.
 */
import { Component } from "react"
import styled from "styled-components"
import { CaseIcon } from "../../src/components/ui/icons"
import { CASE_ICON_WIDGET } from "../../model/fields"
import { plain } from "./decap"

interface ControlProps {
  value?: string
  field: { get(key: "options" | "label"): unknown }
  forID: string
  onChange: (value: string) => void
  setActiveStyle: () => void
  setInactiveStyle: () => void
  classNameWrapper?: string
}

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(112px, 1fr));
  gap: 8px;
  padding: 12px;

  label {
    display: grid;
    justify-items: center;
    gap: 4px;
    padding: 10px 6px;
    border: 2px solid #dfdfe3;
    border-radius: 5px;
    background: #fff;
    color: #313d3e;
    font-size: 13px;
    cursor: pointer;
  }

  label:has(input:checked) {
    border-color: #3a69c7;
    background: #e8f5fe;
  }

  label:has(input:focus-visible) {
    outline: 2px solid #3a69c7;
    outline-offset: 2px;
  }

  input {
    position: absolute;
    opacity: 0;
    pointer-events: none;
  }

  svg {
    width: 36px;
    height: 36px;
  }
`

export class IconChoiceControl extends Component<ControlProps> {
  render() {
    const { value, field, forID, onChange, setActiveStyle, setInactiveStyle, classNameWrapper } = this.props
    const options = (plain(field.get("options")) as string[] | undefined) ?? []
    return (
      <Choices
        id={forID}
        role="radiogroup"
        aria-label={String(field.get("label") ?? "")}
        className={classNameWrapper}
        onFocus={setActiveStyle}
        onBlur={setInactiveStyle}
      >
        {options.map((name) => (
          <label key={name}>
            <input type="radio" name={forID} value={name} checked={value === name} onChange={() => onChange(name)} />
            <CaseIcon name={name} />
            {name}
          </label>
        ))}
      </Choices>
    )
  }
}

export const iconChoiceWidget = {
  name: CASE_ICON_WIDGET,
  controlComponent: IconChoiceControl,
  previewComponent: ({ value }: { value?: string }) => value ?? null,
}
