package dev.toolsmith.example;

import dev.toolsmith.annotations.Tool;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code signing} toolset: HMAC signatures with a key from the environment, which the model
 * never sees. Without {@value #KEY_VARIABLE} set, the toolset is listed as unavailable and not
 * offered.
 */
public final class SigningTools {

  /** The environment variable holding the signing key. */
  public static final String KEY_VARIABLE = "TOOLSMITH_SIGNING_KEY";

  private SigningTools() {}

  /** The signing tool's check: the key variable is set and not empty. */
  public static final class KeyPresent implements BooleanSupplier {
    @Override
    public boolean getAsBoolean() {
      String key = System.getenv(KEY_VARIABLE);
      return key != null && !key.isEmpty();
    }
  }

  /**
   * A signature.
   *
   * @param algorithm the MAC algorithm
   * @param signature the signature, lower-case hex
   */
  public record Signature(String algorithm, String signature) {}

  /**
   * Signs a message with HMAC-SHA256 and the key in TOOLSMITH_SIGNING_KEY, e.g. to sign a webhook
   * payload.
   *
   * @param message the text to sign, as UTF-8
   */
  @Tool(toolset = "signing", emoji = "🔏", requiresEnv = KEY_VARIABLE, check = KeyPresent.class)
  public static Signature hmacSign(String message) throws GeneralSecurityException {
    String key = System.getenv(KEY_VARIABLE);
    if (key == null || key.isEmpty()) {
      throw new IllegalStateException(KEY_VARIABLE + " is not set");
    }
    return sign(key, message);
  }

  /** The HMAC-SHA256 signature of {@code message} under {@code key}. */
  static Signature sign(String key, String message) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    byte[] digest = mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
    return new Signature("HmacSHA256", HexFormat.of().formatHex(digest));
  }
}
