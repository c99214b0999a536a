package bot

import (
	"regexp"
	"strconv"
	"strings"
)

// Memory subcommands of /war-room memory.
const (
	memoryReview  = "review"
	memoryApprove = "approve"
	memoryReject  = "reject"
)

var memoryID = regexp.MustCompile(`^m-[0-9a-f]{6,40}$`)

// parseMemory reads "/war-room memory review", "/war-room memory approve ID…" and
// "/war-room memory reject ID…".
func parseMemory(args []string) (command, error) {
	c := command{Kind: kindMemory}
	if len(args) == 0 {
		return c, usagef("%s memory takes review, approve ID or reject ID", prefix)
	}
	c.Memory = strings.ToLower(args[0])
	switch c.Memory {
	case memoryReview:
		if len(args) > 1 {
			return c, usagef("%s memory review takes no arguments", prefix)
		}
		return c, nil
	case memoryApprove, memoryReject:
		if len(args) == 1 {
			return c, usagef("%s memory %s needs the id of an item (%s memory review lists them)", prefix, c.Memory, prefix)
		}
		for _, id := range args[1:] {
			if !memoryID.MatchString(id) {
				return c, usagef("%q is not a memory item id (they look like m-1a2b3c4d5e)", id)
			}
			c.IDs = append(c.IDs, id)
		}
		return c, nil
	}
	return c, usagef("%s memory takes review, approve ID or reject ID, not %q", prefix, args[0])
}

// parseOutcome reads "/war-room outcome #N <what happened>": the decision and the text, kept
// as written.
func parseOutcome(args string) (command, error) {
	c := command{Kind: kindOutcome}
	num, text, _ := strings.Cut(strings.TrimSpace(args), " ")
	n, err := strconv.Atoi(strings.TrimPrefix(num, "#"))
	if err != nil || n <= 0 || !strings.HasPrefix(num, "#") {
		return c, usagef("%s outcome needs the decision's number and what happened: %s outcome #N <text>", prefix, prefix)
	}
	c.Number, c.Text = n, strings.TrimSpace(text)
	if c.Text == "" {
		return c, usagef("%s outcome #%d needs the text of what happened", prefix, n)
	}
	if len(c.Text) > maxQuestionBytes {
		return c, usagef("the outcome is %d bytes long; the limit is %d", len(c.Text), maxQuestionBytes)
	}
	return c, nil
}
