import styled from "styled-components"
import { SEARCH_PARAM } from "../../../model/routes"
import { labelType } from "../../styles/label-type"
import { theme } from "../../styles/theme"
import { withPrefix } from "gatsby"
import { usePaths } from "../../i18n/locale"

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[2]};
  margin-bottom: ${theme.space[4]};
`

const Field = styled.div`
  display: grid;
  flex: 1 1 ${theme.layout.searchMin};
  gap: ${theme.space[1]};
  max-width: ${theme.layout.text};

  label {
    ${labelType}
    color: ${theme.color.bronze};
  }

  input {
    min-height: ${theme.layout.buttonHeight};
    padding: 0 ${theme.space[2]};
    border: ${theme.border.hairline} solid ${theme.color.mutedOnLight};
    border-radius: ${theme.radius.small};
    background: ${theme.color.paper};
    color: ${theme.color.ink};
    font: inherit;
  }
`

const Submit = styled.button`
  min-height: ${theme.layout.buttonHeight};
  padding: 0 ${theme.space[4]};
  border: 0;
  border-radius: ${theme.radius.small};
  background: ${theme.color.ink};
  color: ${theme.color.ivory};
  ${labelType}
  cursor: pointer;
`

interface CaseSearchProps {
  value: string
  label: string
  button: string
  onChange: (value: string) => void
  onSubmit: () => void
  onFocus?: () => void
  inputRef?: React.Ref<HTMLInputElement>
}

/**
 * A real GET form: without JavaScript it loads /case-studies/?q=… (the prerendered list of all
 * studies); with it, the list filters as the visitor types.
 */
export function CaseSearch({ value, label, button, onChange, onSubmit, onFocus, inputRef }: CaseSearchProps) {
  return (
    <Form
      role="search"
      action={withPrefix(usePaths().caseStudies)}
      method="get"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <Field>
        <label htmlFor="case-search">{label}</label>
        <input
          ref={inputRef}
          id="case-search"
          type="search"
          name={SEARCH_PARAM}
          value={value}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus}
        />
      </Field>
      <Submit type="submit">{button}</Submit>
    </Form>
  )
}
