package com.example.weather;

import org.springframework.stereotype.Service;

/** Where forecasts come from: any Spring bean. */
@Service
public class Forecasts {
  public String today(String city) {
    return "Sunny, 21 °C in " + city;
  }
}
