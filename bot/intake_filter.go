package bot

import (
	"slices"

	"github.com/war-room/war-room/bot/webhook"
)

// Unwanted says why the App's handlers would do nothing with a delivery, or "": the webhook
// intake's filter. It repeats the handlers' first, payload-only checks; the handlers still
// make them.
func Unwanted(event string, e *webhook.Envelope) string {
	switch event {
	case "issue_comment", "discussion_comment":
		if e.Action != "created" {
			return "only new comments are commands"
		}
		if _, _, ok := commandLine(e.Comment.Body); !ok {
			return "the comment is not a command"
		}
	case "pull_request":
		if !slices.Contains(reviewActions, e.Action) {
			return "not a review activity"
		}
	}
	return ""
}
