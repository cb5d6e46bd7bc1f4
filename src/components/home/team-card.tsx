import { graphql } from "gatsby"
import styled from "styled-components"
import { useSiteSettings } from "../../hooks/use-site-settings"
import { ExternalLink } from "../ui/external-link"
import { TagList } from "../ui/tag-list"
import { TeamPhoto } from "./team-photo"
import { theme } from "../../styles/theme"
import { useFormat } from "../../i18n/format"

export const query = graphql`
  fragment TeamMember on HomeAboutMembers {
    slug
    name
    role
    badges
    description
    background
    expertise
    profile
    photoAlt
    photo {
      childImageSharp {
        gatsbyImageData(
          width: 360
          aspectRatio: 0.8
          outputPixelDensities: [1, 2]
          placeholder: NONE
          formats: [AUTO, WEBP, AVIF]
        )
      }
    }
  }
`

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
`

const Name = styled.h4`
  font-size: ${theme.fontSize.h3};
`

const Role = styled.p`
  font-size: ${theme.fontSize.small};
  color: ${theme.color.bronze};
  font-weight: ${theme.fontWeight.semibold};
`

const Badges = styled.ul`
  display: flex;
  gap: ${theme.space[1]};
  list-style: none;

  li {
    padding: 0 ${theme.space[1]};
    background: ${theme.color.ink};
    color: ${theme.color.goldLight};
    font-size: ${theme.fontSize.label};
    letter-spacing: ${theme.letterSpacing.label};
    text-transform: uppercase;
  }
`

const Text = styled.p`
  color: ${theme.color.mutedOnLight};
  font-size: ${theme.fontSize.small};
`

const Profile = styled(ExternalLink)`
  align-self: flex-start;
  font-size: ${theme.fontSize.small};
  font-weight: ${theme.fontWeight.semibold};
  color: ${theme.color.ink};
`

interface TeamCardProps {
  member: Queries.TeamMemberFragment
  labels: { badges: string; expertise: string }
}

export function TeamCard({ member, labels }: TeamCardProps) {
  const settings = useSiteSettings()
  const format = useFormat()
  return (
    <Card aria-labelledby={`member-${member.slug}`}>
      <TeamPhoto image={member.photo?.childImageSharp?.gatsbyImageData} alt={member.photoAlt} name={member.name} />
      <div>
        <Name id={`member-${member.slug}`}>{member.name}</Name>
        <Role>{member.role}</Role>
      </div>
      {member.badges.length > 0 ? (
        <Badges aria-label={labels.badges}>
          {member.badges.map((badge) => (
            <li key={badge}>{badge}</li>
          ))}
        </Badges>
      ) : null}
      <Text>{member.description}</Text>
      <Text>{member.background}</Text>
      <TagList tags={member.expertise} label={format.labelled(labels.expertise, member.name)} />
      {member.profile ? (
        <Profile
          href={member.profile}
          newWindowLabel={settings.newWindowLabel}
        >{`${member.name} ${settings.labels.profileLink}`}</Profile>
      ) : null}
    </Card>
  )
}
