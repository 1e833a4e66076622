package org.sigflow.remote;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** The server's token, checked against a request's {@code Authorization: Bearer …} header in constant time. */
final class BearerToken {
    private final byte[] digest;

    BearerToken(String token) {
        this.digest = sha256(token);
    }

    /** A fresh random token (256 bits, URL-safe base64). */
    static String generate() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    boolean matches(String header) {
        String given = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : "";
        // both sides hashed first: equal lengths, so the comparison's time tells nothing about the token
        return MessageDigest.isEqual(digest, sha256(given));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }
}
