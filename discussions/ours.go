package discussions

import "strings"

// author is the account GraphQL names as the author of a discussion or comment.
type author struct {
	Login    string
	Typename string `graphql:"__typename"`
}

// is says whether a is the account login names. login is spelt as configured or as REST
// spells it ("name[bot]" for an App or github-actions); GraphQL spells a bot without the
// suffix. Both kinds must agree too: a person who registered the bare name "war-room" is not
// the bot "war-room[bot]", and a bot is not the person whose name it shares.
func (a *author) is(login string) bool {
	if a == nil || login == "" || !sameLogin(a.Login, login) {
		return false
	}
	return (a.Typename == "Bot") == isBotLogin(login)
}

// sameLogin compares two logins however each is spelt: REST and configuration spell a bot
// "name[bot]", GraphQL "name"; GitHub compares logins without regard to case.
func sameLogin(a, b string) bool {
	return strings.EqualFold(strings.TrimSuffix(a, "[bot]"), strings.TrimSuffix(b, "[bot]"))
}

func isBotLogin(login string) bool { return strings.HasSuffix(login, "[bot]") }

// isOurDecision says whether a discussion is a decision war-room recorded: created by our own
// account and opening as a decision body does (isDecisionBody). Only such a discussion is a
// prior decision to offer, reaffirm or supersede; anyone can open a discussion in the
// category with a decision's title, and with the markers too, but not as us.
func isOurDecision(a *author, body, login string) bool {
	return a.is(login) && isDecisionBody(body)
}
