package org.sigflow.expr;

/** Expression text as quoted in messages: whole when short, otherwise its start and its length. */
public final class Excerpt {
    /** Longest text quoted whole. */
    public static final int MAX = 80;

    private Excerpt() {}

    public static String of(String text) {
        if (text == null || text.length() <= MAX) {
            return text;
        }
        return text.substring(0, MAX - 20) + "… (" + String.format("%,d", text.length()) + " characters)";
    }
}
