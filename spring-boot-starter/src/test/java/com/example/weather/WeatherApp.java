package com.example.weather;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** Asks the model one question; the model calls the weather tool on its way to the answer. */
@SpringBootApplication
public class WeatherApp {
  public static void main(String[] args) {
    SpringApplication.run(WeatherApp.class, args);
  }

  @Bean
  CommandLineRunner ask(ChatClient.Builder chat) {
    return args ->
        System.out.println(
            chat.build().prompt("What's the weather in Paris today?").call().content());
  }
}
