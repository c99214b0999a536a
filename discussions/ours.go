package discussions

import "github.com/war-room/war-room/internal/github"

// author is the account GraphQL names as the author of a discussion or comment.
type author struct {
	Login    string
	Typename string `graphql:"__typename"`
}

// is says whether a is the account login names (github.Author.Is: GraphQL spells a bot
// without "[bot]", and a person of the bare name is not the bot).
func (a *author) is(login string) bool {
	return a != nil && github.Author{Login: a.Login, Type: a.Typename}.Is(login)
}

// isOurDecision says whether a discussion is a decision war-room recorded: created by our own
// account and opening as a decision body does (isDecisionBody). Only such a discussion is a
// prior decision to offer, reaffirm or supersede; anyone can open a discussion in the
// category with a decision's title, and with the markers too, but not as us.
func isOurDecision(a *author, body, login string) bool {
	return a.is(login) && isDecisionBody(body)
}
